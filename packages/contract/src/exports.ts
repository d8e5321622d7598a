import { z } from 'zod';
import { text } from './inputs.ts';

/** A single-use token for one list's CSV export of one filter (valid for a minute). */
export const exportTokenResponseSchema = z.object({ token: text() });
