// Mantine's styles for the components these pages use beyond the app's own (app/mantine-styles.ts),
// loaded with the pages' code.
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Tooltip.css';
import '@mantine/core/styles/Badge.css';
