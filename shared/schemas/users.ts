import { z } from 'zod';
import { MESSAGES } from './messages.ts';

/** Account fields as the sign-in, profile and invitation forms ask for them. */

/** An email address someone must type: required, then well-formed. */
export const zEmailAddress = z.string().trim().min(1, MESSAGES.emailRequired).pipe(z.email(MESSAGES.emailInvalid));
