import { config } from 'zod';

// The page's CSP allows no eval, so zod cannot compile its object parsers here. Unless told, its
// first object parse tries `Function('')` to find out, which the browser refuses and reports as a
// CSP violation on every page load.
config({ jitless: true });
