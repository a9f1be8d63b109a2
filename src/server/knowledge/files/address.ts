/** Where uploaded files are served; the one prefix the server, the dev proxy and the service worker share. */
export const FILES_PREFIX = '/files/';

/**
 * The stable address of an uploaded file, relative to the server: `/files/<id>/<name, URL-encoded>`.
 * The id decides which file it is; the name is there for people, and for the browser's save dialog.
 */
export function fileAddress(file: { id: string; name: string }): string {
  return `${FILES_PREFIX}${file.id}/${encodeURIComponent(file.name || 'file')}`;
}
