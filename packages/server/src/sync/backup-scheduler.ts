import type { JobLease } from '../cluster/lease';
import type { BackupService } from './backup-service';

export type BackupSchedule = {
  /** Hours between one user's scheduled backups; 0: never. */
  intervalHours: number;
  /** Scheduled backups kept per user. */
  retention: number;
};

/** How often the server looks for users due a backup: hourly, or more often for short intervals. */
const MAX_CHECK_MS = 60 * 60 * 1000;

/**
 * SY12: point-in-time backups on a schedule. Every check, each user whose synced data changed since
 * their newest scheduled backup, and whose backup is old enough, gets a new one; the oldest beyond
 * the retention are dropped. One user at a time, so a large account never holds the database long.
 */
export class BackupScheduler {
  private timer: ReturnType<typeof setInterval> | undefined;
  private running = false;

  constructor(
    private readonly backups: BackupService,
    private readonly schedule: BackupSchedule,
    private readonly newId: () => string,
    private readonly onError: (message: string) => void = () => {},
    /**
     * CL4: with several server processes, the pass runs in the one holding this lease (renewed
     * before each user; a killed holder's lease runs out and another process's next check takes it).
     */
    private readonly lease?: JobLease,
  ) {}

  /** One pass; resolves to how many backups were taken (0 when another process holds the lease). */
  async runOnce(): Promise<number> {
    if (this.running || this.schedule.intervalHours <= 0) return 0;
    this.running = true;
    let taken = 0;
    try {
      if (this.lease && !(await this.lease.take())) return 0;
      const intervalMs = this.schedule.intervalHours * 60 * 60 * 1000;
      for (const userId of await this.backups.dueUsers(intervalMs)) {
        if (this.lease && !(await this.lease.take())) break; // lost it: the new holder goes on
        try {
          await this.backups.createScheduled(userId, this.newId(), this.schedule.retention);
          taken += 1;
        } catch (error) {
          this.onError(`scheduled backup of ${userId} failed: ${String(error)}`);
        }
      }
    } catch (error) {
      this.onError(`scheduled backups failed: ${String(error)}`);
    } finally {
      await this.lease?.release().catch(() => {});
      this.running = false;
    }
    return taken;
  }

  start(): void {
    if (this.schedule.intervalHours <= 0 || this.timer) return;
    const every = Math.min(MAX_CHECK_MS, (this.schedule.intervalHours * 60 * 60 * 1000) / 4);
    this.timer = setInterval(() => void this.runOnce(), every);
    this.timer.unref?.();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}
