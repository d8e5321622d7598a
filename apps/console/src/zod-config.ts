import { config } from 'zod';
// The general messages ("Must not exceed 64 characters"), the platform's too, from the first
// screen on rather than only once an area whose contract loads them has been opened.
import '@web-control/contract/validation';

// The page's CSP allows no eval, so zod cannot compile its object parsers here. Unless told, its
// first object parse tries `Function('')` to find out, which the browser refuses and reports as a
// CSP violation on every page load. (zod merges each config into the last.)
config({ jitless: true });
