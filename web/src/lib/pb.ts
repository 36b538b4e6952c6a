import PocketBase from 'pocketbase';

/** The one API client of the app (the official SDK), against the same origin. */
export const pb = new PocketBase(typeof window === 'undefined' ? 'http://127.0.0.1:8090' : window.location.origin);
// Screens fire parallel requests on purpose (lists, counts); never cancel them implicitly.
pb.autoCancellation(false);
