import { useState } from 'react';
import { errorMessage } from 'common/error-message';

export interface Submission {
  /** True while the action runs. */
  submitting: boolean;
  /** The last run's failure message (the server's, else the fallback); null after a success. */
  failure: string | null;
  /** Runs the action, tracking `submitting` and catching its failure into `failure`. */
  run: (action: () => Promise<unknown>) => Promise<void>;
}

/** The state of a form dialog's submit: busy while it runs, the failure to show when it fails. */
export function useSubmission(fallback: string): Submission {
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const run = async (action: () => Promise<unknown>) => {
    setFailure(null);
    setSubmitting(true);
    try {
      await action();
    } catch (error) {
      setFailure(errorMessage(error, fallback));
    } finally {
      setSubmitting(false);
    }
  };
  return { submitting, failure, run };
}
