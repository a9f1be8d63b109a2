import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { ingestedData, pendingData, sources, uploadedFiles } from '../db/schema';
import { ConnectorError } from './connectors/types';
import type { FileDocument } from './connectors/doc-file';
import { crawlSite, type PreviousPage } from './connectors/web';
import { fetchVideo, listChannelVideos } from './connectors/youtube';
import { fetchPublic } from './connectors/fetch-public';
import { fileTitle } from './connectors/text-file';
import { fileAddress } from './files/address';
import { copyFileTo } from './files/file-store';
import { crawlProgressWriter } from './progress/crawl-progress';
import type { ReportProgress } from './progress/work-progress';
import type { SearchIndex } from './index/search-index';
import { enqueue, type PendingRow } from './queue';
import type { ParseSandbox } from './sandbox/sandbox';
import { storeDocument, type DocumentToStore } from './store';

export interface ProcessorDeps {
  db: Db;
  index: SearchIndex;
  log: FastifyBaseLogger;
  allowPrivate: boolean;
  /** How all connectors reach the web; tests pass one that talks to local servers. */
  fetch?: typeof fetch;
  /** Where files are read: worker threads with memory and time limits, never this thread. */
  sandbox: ParseSandbox;
  /** Where an uploaded file is copied for its reader, while it is read. */
  readingDir: string;
}

export interface ProcessResult {
  stored: number;
  unchanged: number;
  queued: number;
}

/**
 * Does the work of one pending item, telling `report` its stage and how far it is; throws
 * ConnectorError for a permanent, explained failure.
 */
export async function processItem(
  deps: ProcessorDeps,
  item: PendingRow,
  report: ReportProgress = () => undefined,
): Promise<ProcessResult> {
  const [source] = await deps.db.select().from(sources).where(eq(sources.id, item.sourceId));
  if (!source) throw new ConnectorError('The source of this item was deleted.');
  const result: ProcessResult = { stored: 0, unchanged: 0, queued: 0 };
  const base = { pendingId: item.id, sourceId: item.sourceId, project: item.project, country: item.location };
  // A crawl's pages are told as found and fetched (crawls), not each page's passages.
  const indexing = item.dataType === 'web' ? undefined : report;
  const store = async (doc: Omit<DocumentToStore, keyof typeof base>) => {
    const outcome = await storeDocument(deps.db, deps.index, { ...base, ...doc }, indexing);
    if (outcome === 'unchanged') result.unchanged += 1;
    else result.stored += 1;
  };

  switch (item.dataType) {
    case 'pdf':
    case 'doc': {
      const file = await loadFile(deps.db, item);
      // The reader thread reads a copy on disk: the file never passes through this thread whole.
      // A spreadsheet gives one document per sheet, told apart by the sheet's name.
      const copy = path.join(deps.readingDir, item.id);
      let docs: FileDocument[];
      report({ stage: 'reading', done: 0, total: null });
      try {
        await mkdir(deps.readingDir, { recursive: true });
        await copyFileTo(deps.db, file, copy);
        docs =
          item.dataType === 'pdf'
            ? // OCR stops at four fifths of the time limit, leaving the rest for reading the text layer.
              [
                await deps.sandbox.run('pdf', [copy, deps.sandbox.timeoutMs * 0.8], {
                  onProgress: ({ done, total }) => report({ stage: 'reading', done, total }),
                }),
              ]
            : await deps.sandbox.run('docFile', [copy, file.name]);
      } finally {
        await rm(copy, { force: true });
      }
      for (const doc of docs) {
        await store({
          resourceType: item.dataType === 'pdf' ? 'pdf' : 'document',
          // No title in the file: the name it was uploaded as, without its extension.
          title: doc.title || (item.title && item.title !== file.name ? item.title : fileTitle(file.name)),
          body: doc.body,
          // Answers cite the kept file itself, which every asker of the project can open.
          url: fileAddress(file),
          dedupeKey: doc.part ? `file:${file.sha256}#${doc.part}` : `file:${file.sha256}`,
        });
      }
      break;
    }
    case 'web': {
      report({ stage: 'crawling', done: 0, total: null });
      const previous = await previousValidators(deps.db, item.sourceId);
      const progress = crawlProgressWriter(deps.db, item.id, deps.log);
      const pages = crawlSite({
        startUrl: requireUrl(item),
        depth: item.depth,
        allowPrivate: deps.allowPrivate,
        previous,
        // The Data tab's live progress: pages found and read (issue 14 item 5).
        onProgress: (counts) => progress.report(counts),
      });
      try {
        for await (const page of pages) {
          if (page.status === 'not-modified') result.unchanged += 1;
          if (page.status !== 'fetched' || !page.body) continue;
          await store({
            resourceType: 'web',
            title: page.title || page.url,
            body: page.body,
            url: page.url,
            dedupeKey: page.url,
            etag: page.etag,
            lastModified: page.lastModified,
            links: page.links,
          });
        }
      } finally {
        await progress.end();
      }
      break;
    }
    case 'yt_video': {
      report({ stage: 'fetching', done: 0, total: null });
      const video = await fetchVideo(requireUrl(item), deps.fetch ? { fetch: deps.fetch } : {});
      await store({
        resourceType: 'video',
        title: video.title,
        body: video.body,
        url: video.url ?? requireUrl(item),
        dedupeKey: `yt:${video.videoId}`,
      });
      break;
    }
    case 'yt_channel': {
      report({ stage: 'fetching', done: 0, total: null });
      const videos = await listChannelVideos(requireUrl(item), deps.fetch ? { fetch: deps.fetch } : {});
      result.queued = await queueNewVideos(deps.db, item, videos);
      break;
    }
    case 'xml_db': {
      report({ stage: 'fetching', done: 0, total: null });
      const bytes = await fetchPublic(requireUrl(item), { allowPrivate: deps.allowPrivate });
      report({ stage: 'reading', done: 0, total: null });
      const records = await deps.sandbox.run('dbExport', [bytes]);
      for (const [i, record] of records.entries()) {
        await store({
          resourceType: 'xml',
          title: record.title,
          body: record.body,
          url: record.url ?? null,
          dedupeKey: `${requireUrl(item)}#${record.url ?? i}`,
        });
      }
      break;
    }
  }
  return result;
}

function requireUrl(item: PendingRow): string {
  if (!item.url) throw new ConnectorError('This item has no URL.');
  return item.url;
}

async function loadFile(db: Db, item: PendingRow) {
  if (!item.fileId) throw new ConnectorError('The uploaded file of this item is missing.');
  const [file] = await db
    .select({
      id: uploadedFiles.id,
      name: uploadedFiles.name,
      size: uploadedFiles.size,
      sha256: uploadedFiles.sha256,
    })
    .from(uploadedFiles)
    .where(eq(uploadedFiles.id, item.fileId));
  if (!file) throw new ConnectorError('The uploaded file of this item is missing.');
  return file;
}

/**
 * What the source's earlier crawls learnt of each page: validators for conditional requests,
 * and links, so that the crawl goes on below a page that answers 304 Not Modified.
 */
async function previousValidators(db: Db, sourceId: string): Promise<Map<string, PreviousPage>> {
  const rows = await db
    .select({
      url: ingestedData.url,
      etag: ingestedData.etag,
      lastModified: ingestedData.lastModified,
      links: ingestedData.links,
    })
    .from(ingestedData)
    .where(and(eq(ingestedData.sourceId, sourceId), eq(ingestedData.resourceType, 'web')));
  const previous = new Map<string, PreviousPage>();
  for (const r of rows) {
    if (!r.url || !(r.etag || r.lastModified)) continue;
    previous.set(r.url, {
      ...(r.etag ? { etag: r.etag } : {}),
      ...(r.lastModified ? { lastModified: r.lastModified } : {}),
      ...(r.links ? { links: r.links } : {}),
    });
  }
  return previous;
}

/** A channel's videos become yt_video items, except those this source already has queued. */
export async function queueNewVideos(db: Db, channel: PendingRow, videos: { url: string; title: string }[]) {
  if (videos.length === 0) return 0;
  const known = await db
    .select({ url: pendingData.url })
    .from(pendingData)
    .where(
      and(
        eq(pendingData.sourceId, channel.sourceId),
        inArray(
          pendingData.url,
          videos.map((v) => v.url),
        ),
      ),
    );
  const seen = new Set(known.map((k) => k.url));
  const fresh = videos.filter((v) => !seen.has(v.url));
  await enqueue(
    db,
    fresh.map((v) => ({
      dataType: 'yt_video' as const,
      sourceId: channel.sourceId,
      project: channel.project,
      location: channel.location,
      url: v.url,
      title: v.title,
      description: `From the channel ${channel.url ?? ''}`.trim(),
      createdBy: channel.createdBy,
    })),
  );
  return fresh.length;
}
