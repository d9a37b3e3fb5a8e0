// Mantine's styles for the components the image-search dialog uses beyond the app's own
// (app/mantine-styles.ts); imported by the dialog, so they load with it and never before.
import '@mantine/core/styles/Slider.css';
