import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

const LOCK_FILE = 'dish.pid';

/**
 * The embedded database's folder belongs to one process. PGlite takes no lock of its own: two
 * processes opening one folder (a second `npm start`, a script beside the server) each write
 * their own view of it, and the database is left unreadable ("xlog flush request … is not
 * satisfied"). So the folder holds the process's id, as PostgreSQL's postmaster.pid does, and a
 * process that finds another's id there while that process lives does not open it.
 *
 * An id and not a lock renewed in time (proper-lockfile's way, made for shared network disks): a
 * server killed outright leaves its id behind, and the next start sees at once that no such
 * process lives, where a lock's age would keep it waiting.
 */
export class FolderInUse extends Error {
  constructor(
    readonly folder: string,
    readonly pid: number,
  ) {
    super(
      `The database folder ${folder} is in use by another DISH server (process ${pid}). Stop that ` +
        'server, or give this one another DATA_DIR; several servers share one database through ' +
        `DATABASE_URL (PostgreSQL). If no other server runs, remove ${path.join(folder, LOCK_FILE)}.`,
    );
    this.name = 'FolderInUse';
  }
}

/** Whether a process with this id is running (one of another user's counts too). */
function running(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the folder for this process (making it when missing) and returns what gives it back.
 * Throws `FolderInUse` while another running process holds it; an id left by one that ended is
 * taken over. The same process may take it again (a server closed and opened anew).
 */
export async function holdFolder(folder: string): Promise<() => Promise<void>> {
  await mkdir(folder, { recursive: true });
  const file = path.join(folder, LOCK_FILE);
  const own = String(process.pid);
  // Written whole beside it, then linked into place: the link fails when the file is there, so
  // no process ever reads a half-written id.
  const draft = `${file}.${own}`;
  await writeFile(draft, own);
  const place = async () => {
    try {
      await link(draft, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw error;
      // A file system without hard links (some shared or removable disks): made and written at once.
      await writeFile(file, own, { flag: 'wx' });
    }
  };
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await place();
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const holder = Number((await readFile(file, 'utf8').catch(() => '')).trim());
      if (holder === process.pid) break;
      // Left by a process that ended, it is taken over; so is this process's parent's id: in a
      // container started anew, the id left behind may now be npm's, which started this one
      // (PostgreSQL reads its postmaster.pid so too). If another process starting at the same
      // moment takes it first, the second attempt finds that one running.
      const left = holder === process.ppid || !running(holder);
      if (attempt > 0 || !left) throw new FolderInUse(folder, holder);
      await rm(file, { force: true });
    }
  } finally {
    await rm(draft, { force: true });
  }
  return async () => {
    const holder = await readFile(file, 'utf8').catch(() => '');
    if (holder.trim() === own) await rm(file, { force: true });
  };
}
