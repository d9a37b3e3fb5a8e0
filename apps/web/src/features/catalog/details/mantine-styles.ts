// Mantine's styles for the components only the product page uses (the rest load with the app,
// see app/mantine-styles.ts); imported by the page, so they land in its chunk.
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Skeleton.css';
