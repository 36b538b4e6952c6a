import { useCallback, useEffect, useRef, useState } from 'react';
import { activeLanguage } from '../../lib/i18n/i18n.ts';
import { useSWRConfig } from 'swr';
import { pb } from '../../lib/pb.ts';
import { errorMessage } from '../../lib/api-errors.ts';
import { swrKeys } from '../../lib/swr-keys.ts';
import { fromEditDraft, toEditDraft, type EditDraft, type Problems } from './draft-model.ts';
import type { MenuDraft } from '../../../../shared/schemas/upload-draft.ts';
import { toUpload, type Upload } from './types.ts';

export type SaveState = 'saved' | 'pending' | 'saving' | 'invalid' | 'error';

const SAVE_DELAY_MS = 800;

/**
 * The review screen's draft: an editable copy of the upload's draft, saved (PATCH `draft`) a
 * moment after each change. A draft changed elsewhere (a colleague, a new extraction) replaces
 * the copy only while there is nothing unsaved here. Leaving the page saves what is pending.
 */
export function useDraftEditor(upload: Upload | undefined, currency: string) {
  const { mutate } = useSWRConfig();
  const [edit, setEdit] = useState<EditDraft | null>(null);
  const [state, setState] = useState<SaveState>('saved');
  const [saveError, setSaveError] = useState<string | null>(null);
  const [problems, setProblems] = useState<Problems>(new Map());
  const latest = useRef<EditDraft | null>(null);
  const revision = useRef(0);
  const savedRevision = useRef(0);
  /** The server's draft that the copy is based on (JSON), to tell remote changes from our own saves. */
  const baseJson = useRef<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inFlight = useRef<Promise<void> | null>(null);
  /** While an import runs, nothing is saved (the import stores the draft itself). */
  const held = useRef(false);
  const uploadId = upload?.id;

  // Adopt the server's draft: at first, and when it changed elsewhere while nothing is unsaved.
  const serverDraft = upload?.status === 'ready' ? upload.draft : null;
  const serverJson = serverDraft ? JSON.stringify(serverDraft) : null;
  useEffect(() => {
    if (!serverDraft || !serverJson) {
      if (upload && upload.status !== 'ready') {
        // Read again (or imported): the server no longer takes edits of this draft.
        clearTimeout(timer.current);
        savedRevision.current = revision.current;
        latest.current = null;
        baseJson.current = null;
        setEdit(null);
      }
      return;
    }
    if (serverJson === baseJson.current) return;
    if (latest.current && revision.current !== savedRevision.current) return; // local edits win until saved
    const copy = toEditDraft(serverDraft, currency, activeLanguage());
    baseJson.current = serverJson;
    latest.current = copy;
    setEdit(copy);
    setProblems(new Map());
    setState('saved');
    // `serverJson` stands for `serverDraft` (a new object on every read of the same draft).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [serverJson, upload?.status, currency]);

  const save = useCallback(async (): Promise<void> => {
    clearTimeout(timer.current);
    if (!uploadId || !latest.current || held.current) return;
    if (inFlight.current) {
      await inFlight.current;
      if (revision.current === savedRevision.current) return;
    }
    const sending = revision.current;
    const { draft, problems: found } = fromEditDraft(latest.current, currency);
    setProblems(found);
    if (found.size) {
      setState('invalid');
      return;
    }
    setState('saving');
    const json = JSON.stringify(draft);
    const run = (async () => {
      try {
        const record = toUpload(await pb.collection('menu_uploads').update(uploadId, { draft }));
        baseJson.current = record.draft ? JSON.stringify(record.draft) : json;
        savedRevision.current = Math.max(savedRevision.current, sending);
        void mutate(swrKeys.upload(uploadId), record, { revalidate: false });
        setSaveError(null);
        setState(revision.current === sending ? 'saved' : 'pending');
      } catch (err) {
        setSaveError(errorMessage(err));
        setState('error');
      }
    })();
    inFlight.current = run;
    await run;
    inFlight.current = null;
    // `schedule` is declared below, but this line runs after an await, long after the render.
    // eslint-disable-next-line react-hooks/immutability
    if (revision.current !== savedRevision.current && revision.current !== sending) schedule();
  }, [uploadId, currency, mutate]);

  const saveRef = useRef(save);
  useEffect(() => { saveRef.current = save; });
  const schedule = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void saveRef.current(), SAVE_DELAY_MS);
  };

  /** Applies a change to the copy and schedules a save. */
  const change = useCallback((update: (draft: EditDraft) => EditDraft) => {
    if (!latest.current) return;
    const next = update(latest.current);
    latest.current = next;
    revision.current++;
    setEdit(next);
    setState('pending');
    // Problems shown for fields the user is fixing: re-checked at once, saved after the pause.
    setProblems((current) => (current.size ? fromEditDraft(next, currency).problems : current));
    schedule();
  }, [currency]);

  // Leaving the page (or another upload) saves what is pending; closing the tab asks first.
  useEffect(() => {
    const beforeUnload = (e: BeforeUnloadEvent) => {
      if (revision.current === savedRevision.current) return;
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', beforeUnload);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      // The revisions at leave time are the point: what is unsaved then gets saved.
      // eslint-disable-next-line react-hooks/exhaustive-deps
      if (revision.current !== savedRevision.current) void saveRef.current();
      clearTimeout(timer.current);
    };
  }, [uploadId]);

  /** The current draft for an import, or the problems that keep it from being valid. */
  const current = useCallback((): { draft: MenuDraft; problems: Problems } | null => {
    if (!latest.current) return null;
    const result = fromEditDraft(latest.current, currency);
    setProblems(result.problems);
    return result;
  }, [currency]);

  /** Stops saving while an import runs (after a save already on its way has landed). */
  const hold = useCallback(async () => {
    held.current = true;
    clearTimeout(timer.current);
    await inFlight.current;
  }, []);

  /** Saving again after an import: `imported` means the server stored this draft with the menu. */
  const release = useCallback((imported: boolean) => {
    held.current = false;
    if (imported) savedRevision.current = revision.current;
    else if (revision.current !== savedRevision.current) schedule();
  }, []);

  return { edit, change, state, saveError, problems, save, current, hold, release };
}
