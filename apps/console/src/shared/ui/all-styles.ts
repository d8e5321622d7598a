// Mantine's full stylesheet, for every screen beyond the first paint's few components
// (src/first-paint-styles.ts). Imported before a screen's own styles so that they still come last.
import '@mantine/core/styles.css';
