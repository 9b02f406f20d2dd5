import { create } from 'zustand';

/** A message about one file: why it was refused, or what a reading limit left out. */
export type FileNotice = {
  id: number;
  tone: 'error' | 'info';
  /** A key under documents.errors or documents.notes, and its values. */
  key: string;
  values: Record<string, string | number>;
};

export type DocumentsGate = 'uploadDocuments' | 'vision';

type DocumentsState = {
  /** Names of files being read, per draft. */
  reading: Record<string, string[]>;
  notices: Record<string, FileNotice[]>;
  /**
   * The license feature that last refused a file, per draft (the gate notice shows then): documents
   * need `uploadDocuments`, pictures for the model also `vision`.
   */
  blocked: Record<string, DocumentsGate | null>;
};

export const useDocumentsState = create<DocumentsState>()(() => ({ reading: {}, notices: {}, blocked: {} }));

let noticeSeq = 0;

export function addNotice(draftKey: string, notice: Omit<FileNotice, 'id'>): void {
  noticeSeq += 1;
  const next = { ...notice, id: noticeSeq };
  useDocumentsState.setState((state) => ({
    notices: { ...state.notices, [draftKey]: [...(state.notices[draftKey] ?? []), next] },
  }));
}

export function dismissNotice(draftKey: string, id: number): void {
  useDocumentsState.setState((state) => ({
    notices: { ...state.notices, [draftKey]: (state.notices[draftKey] ?? []).filter((n) => n.id !== id) },
  }));
}

export function setReading(draftKey: string, name: string, reading: boolean): void {
  useDocumentsState.setState((state) => {
    const current = state.reading[draftKey] ?? [];
    const index = current.indexOf(name);
    const next = reading
      ? [...current, name]
      : index === -1
        ? current
        : [...current.slice(0, index), ...current.slice(index + 1)];
    return { reading: { ...state.reading, [draftKey]: next } };
  });
}

export function setBlocked(draftKey: string, blocked: DocumentsGate | null): void {
  useDocumentsState.setState((state) => ({ blocked: { ...state.blocked, [draftKey]: blocked } }));
}
