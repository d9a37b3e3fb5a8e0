// Mantine's styles for the components the order screens use beyond the app's own.
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Badge.css';
