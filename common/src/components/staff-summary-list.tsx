import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { FALLBACK_MESSAGES } from 'common/api-client';
import { OutcomeDialog } from 'common/components/outcome-dialog';
import type { Outcome } from 'common/components/outcome-dialog';
import { errorMessage } from 'common/error-message';
import type { ListedSummary } from 'common/staff-summary';
import { Badge } from 'common/ui/badge';
import { Button } from 'common/ui/button';
import { ConfirmDialog } from 'common/ui/confirm-dialog';
import { FormField } from 'common/ui/form-field';
import { PencilIcon, TrashIcon } from 'common/ui/icons';
import { SummaryCard } from 'common/ui/summary-card';
import { Textarea } from 'common/ui/textarea';

/** SPEC.md §8: the success dialog after an edit. */
export const SUMMARY_UPDATED: Outcome = {
  kind: 'success',
  title: 'Updated!',
  description: 'Summary updated successfully',
};

/** The success dialog after a deletion. */
export const SUMMARY_DELETED: Outcome = {
  kind: 'success',
  title: 'Deleted!',
  description: 'The summary has been deleted.',
};

export interface StaffSummaryListProps {
  summaries: readonly ListedSummary[];
  /** Names the list for screen readers. */
  label: string;
  /**
   * Saves an edited summary text; leave out for a list without editing. Rejects with the
   * failure (an ApiError or its ApiErrorInfo, as an unwrapped thunk does).
   */
  onSave?: (summary: ListedSummary, summarizedContent: string) => Promise<unknown>;
  /** Deletes a summary once confirmed; rejects with the failure. */
  onDelete: (summary: ListedSummary) => Promise<unknown>;
}

type ListDialog = { kind: 'confirm-delete'; summary: ListedSummary } | Outcome;

interface ItemProps {
  summary: ListedSummary;
  deleting: boolean;
  onSave: StaffSummaryListProps['onSave'];
  onRequestDelete: (summary: ListedSummary) => void;
  onOutcome: (outcome: Outcome) => void;
}

function StaffSummaryItem({ summary, deleting, onSave, onRequestDelete, onOutcome }: ItemProps) {
  // Edit mode and its draft belong to this summary alone (SPEC.md §4: edit mode is per summary).
  const [draft, setDraft] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const editButtonRef = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  const editing = draft !== null;

  // Focus follows the mode: into the text area on Edit, back to Edit on Save or Cancel.
  useEffect(() => {
    if (editing) textareaRef.current?.focus();
    else if (wasEditing.current) editButtonRef.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (draft === null || draft.trim() === '' || !onSave) return;
    setSaving(true);
    try {
      await onSave(summary, draft);
      setDraft(null);
      onOutcome(SUMMARY_UPDATED);
    } catch (error) {
      onOutcome({ kind: 'error', message: errorMessage(error, FALLBACK_MESSAGES.updateSummary) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <SummaryCard
      summary={summary}
      badges={editing ? <Badge variant="warning">EDITING</Badge> : null}
      editor={
        editing ? (
          <form className="ui-summary-card__editor" onSubmit={(event) => void save(event)}>
            <FormField label="Summary text">
              {(control) => (
                <Textarea
                  {...control}
                  ref={textareaRef}
                  value={draft}
                  disabled={saving}
                  onChange={(event) => setDraft(event.target.value)}
                />
              )}
            </FormField>
            <div className="ui-row">
              <Button type="submit" loading={saving} disabled={draft.trim() === ''}>
                Save Changes
              </Button>
              <Button variant="outline" disabled={saving} onClick={() => setDraft(null)}>
                Cancel
              </Button>
            </div>
          </form>
        ) : undefined
      }
      actions={
        editing ? null : (
          <>
            {onSave ? (
              <Button
                ref={editButtonRef}
                variant="outline"
                size="sm"
                onClick={() => setDraft(summary.summarizedContent ?? '')}
              >
                <PencilIcon />
                Edit
              </Button>
            ) : null}
            {/* Secondary until confirmed: the confirmation's button is the red one. */}
            <Button
              variant="outline"
              danger
              size="sm"
              loading={deleting}
              onClick={() => onRequestDelete(summary)}
            >
              {deleting ? null : <TrashIcon />}
              Delete
            </Button>
          </>
        )
      }
    />
  );
}

/**
 * Everyone's (or one's own) summaries for the admin and editor pages: cards that expand, edit
 * in place (an EDITING badge, Save Changes and Cancel) when `onSave` is given, and delete after
 * confirmation. Success and failure end in the Updated!/Deleted! or error dialog.
 */
export function StaffSummaryList({ summaries, label, onSave, onDelete }: StaffSummaryListProps) {
  const [dialog, setDialog] = useState<ListDialog | null>(null);
  const [deletingId, setDeletingId] = useState<string | null>(null);
  const confirming = dialog?.kind === 'confirm-delete' ? dialog.summary : null;

  const remove = async (summary: ListedSummary) => {
    setDeletingId(summary.id);
    try {
      await onDelete(summary);
      setDialog(SUMMARY_DELETED);
    } catch (error) {
      setDialog({ kind: 'error', message: errorMessage(error, FALLBACK_MESSAGES.deleteSummary) });
    } finally {
      setDeletingId(null);
    }
  };

  return (
    <>
      {summaries.length > 0 ? (
        <ul aria-label={label} className="ui-summary-list">
          {summaries.map((summary) => (
            <li key={summary.id}>
              <StaffSummaryItem
                summary={summary}
                deleting={deletingId === summary.id}
                onSave={onSave}
                onRequestDelete={(target) => setDialog({ kind: 'confirm-delete', summary: target })}
                onOutcome={setDialog}
              />
            </li>
          ))}
        </ul>
      ) : null}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) setDialog((current) => (current?.kind === 'confirm-delete' ? null : current));
        }}
        title={
          confirming?.user ? `Delete ${confirming.user.name}'s summary?` : 'Delete this summary?'
        }
        onConfirm={() => {
          if (confirming) void remove(confirming);
        }}
      />
      <OutcomeDialog
        outcome={dialog?.kind === 'confirm-delete' ? null : dialog}
        onClose={() =>
          setDialog((current) => (current?.kind === 'confirm-delete' ? current : null))
        }
      />
    </>
  );
}
