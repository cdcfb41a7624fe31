import type { DbExecutor } from '../db/database';

/**
 * Stores a file job's bytes in `job_uploads`, as releases before the file went into the job's
 * data did: tests check that such a job still runs.
 */
export async function insertJobUpload(
  db: DbExecutor,
  jobId: string,
  fileName: string,
  content: Buffer,
): Promise<void> {
  await db
    .insertInto('job_uploads')
    .values({ job_id: jobId, file_name: fileName, content })
    .execute();
}
