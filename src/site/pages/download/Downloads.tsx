// For signed-in members: the program button (the latest program file) and the table of published files.
import { useLoad } from '../../../client/use-load.js';
import { fill, useLanguage } from '../../../client/text.js';
import type { PublishedFile } from '../../../shared/schemas/files.js';
import { call } from '../../../client/api.js';
import { formatBytes } from '../../../client/format.js';
import { FileTable } from './FileTable.js';
import { Spinner } from '../../ui/Spinner.js';
import type { FilesCopy as Copy } from './copy.js';
import { LoadFailed } from '../../ui/ErrorNote.js';

/** The program to offer: the program file marked latest, else the newest program file. */
function programFile(files: PublishedFile[]): PublishedFile | undefined {
  const programs = files.filter((file) => file.category === 'program');
  return (
    programs.find((file) => file.isLatest) ??
    [...programs].sort((a, b) => Date.parse(b.releaseDate) - Date.parse(a.releaseDate))[0]
  );
}

export function Downloads({ c }: { c: Copy }) {
  const { lang } = useLanguage();
  const { data, error, reload } = useLoad(() => call('files'));
  const files = data?.files;

  if (error) {
    return (
      <LoadFailed
        message={c.downloads.loadError}
        code={error}
        retryLabel={c.common.retry}
        onRetry={reload}
        testId="files-error"
      />
    );
  }
  if (!files) return <Spinner />;

  const program = programFile(files);
  return (
    <>
      <div className="download-program" data-testid="program-card">
        <div className="download-program__text">
          <h3>{c.downloads.programTitle}</h3>
          {program ? (
            <p>
              {fill(c.downloads.programVersion, {
                version: program.version,
                size: formatBytes(program.fileSize, lang),
              })}
            </p>
          ) : (
            <p id="download-program-none">{c.downloads.programNone}</p>
          )}
        </div>
        {program ? (
          <a
            className="button button--primary button--large download-program__button"
            href={program.downloadURL}
            download
            data-testid="program-download"
          >
            {c.downloads.programButton}
          </a>
        ) : (
          <button
            type="button"
            className="button button--primary button--large download-program__button"
            disabled
            aria-describedby="download-program-none"
            data-testid="program-download"
          >
            {c.downloads.programButton}
          </button>
        )}
      </div>

      <h3 className="download-subtitle">{c.downloads.filesTitle}</h3>
      {files.length === 0 ? (
        <p className="download-empty" data-testid="files-empty">
          {c.downloads.empty}
        </p>
      ) : (
        <FileTable
          text={c.downloads}
          download={{
            label: c.downloads.download,
            itemLabel: c.common.itemDownload,
            testId: 'file-download',
          }}
          testId="file-table"
          rowTestId="file-row"
          rows={files.map((file) => ({
            id: file.id,
            name: file.name,
            details: (
              <>
                {file.isLatest && <span className="download-badge">{c.downloads.latest}</span>}
                {file.version && (
                  <span className="download-table__meta">
                    {fill(c.downloads.version, { version: file.version })}
                  </span>
                )}
                {file.description && <span className="download-table__description">{file.description}</span>}
              </>
            ),
            bytes: file.fileSize,
            date: file.releaseDate,
            href: file.downloadURL,
          }))}
        />
      )}
    </>
  );
}
