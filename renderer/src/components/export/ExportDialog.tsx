interface ExportDialogProps {
  projectId: number;
  projectTitle: string;
  open: boolean;
  onClose: () => void;
}

/** Placeholder until the export dialog lands: the data manager already opens it. */
export function ExportDialog({ open }: ExportDialogProps) {
  if (!open) return null;
  return null;
}
