// Mantine's styles for the components the news pages use beyond the app's own (app/mantine-styles.ts).
import '@mantine/core/styles/Tabs.css';
import '@mantine/core/styles/Badge.css';
