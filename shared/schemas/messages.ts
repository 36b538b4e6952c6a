import { z } from 'zod';

export { MESSAGES } from './message-texts.ts';

/**
 * The specification's default validation messages: 'Required', 'Expected X, received Y',
 * 'Invalid input'. Installed once by whoever validates (server and web).
 */
export function installDefaultMessages(): void {
  z.config({
    customError: (issue) => {
      if (issue.code === 'invalid_type') {
        if (issue.input === undefined) return 'Required';
        const received = issue.input === null ? 'null' : Array.isArray(issue.input) ? 'array' : typeof issue.input;
        return `Expected ${issue.expected}, received ${received}`;
      }
      return 'Invalid input';
    },
  });
}
