// Mantine's styles for the components the page frame adds (app/mantine-styles.ts has the
// base ones and is imported first, so these land after it, as Mantine's order requires).
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/Skeleton.css';
