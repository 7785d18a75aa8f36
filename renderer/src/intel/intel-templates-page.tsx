import { useMemo } from 'react';
import type { IntelQuestion, IntelTemplate } from '@portal/shared';
import { versionKey } from '@portal/shared/sync';
import { groupVersions } from '../data/library-groups';
import { useIntelTemplateVersions } from '../data/use-local';
import { linkTo } from '../shell/router';
import { SourceBadge, StatusBadge } from '../ui/status-badge';
import { NotOnDevice } from '../workflows/workflows-page';

const ANSWER_TYPES: Record<NonNullable<IntelQuestion['answerType']>, string> = {
  text: 'a short text',
  'yes-no': 'yes or no, then why',
  amount: 'an amount with its currency',
  date: 'a date',
  number: 'a number',
  list: 'a list, one item per line',
};

/** Intel templates, read from the local copy: the research questions a brief answers over a case. */
export function IntelTemplatesPage() {
  const versions = useIntelTemplateVersions();
  const groups = useMemo(() => (versions === undefined ? undefined : groupVersions(versions, undefined)), [versions]);
  return (
    <div className="page">
      <header className="page-header">
        <div>
          <h1>Intel templates</h1>
          <p className="muted">Research questions a brief answers over a case’s pages, each claim cited to its document.</p>
        </div>
      </header>
      {groups === undefined ? (
        <p className="muted">Opening templates…</p>
      ) : groups.length === 0 ? (
        <div className="empty">
          <p>
            <strong>No intel templates on this device yet.</strong>
          </p>
          <p className="muted">Official templates arrive with the next sync.</p>
        </div>
      ) : (
        <ul className="cards">
          {groups.map((g) => (
            <li key={g.key} className="card" aria-labelledby={`it-${g.key}`}>
              <div className="card-header">
                <div>
                  <h2 id={`it-${g.key}`} className="card-title">
                    {g.name}
                  </h2>
                  <p className="muted small mono">{g.id}</p>
                </div>
                <SourceBadge source={g.source} />
              </div>
              {g.versions[0]!.description && <p className="card-description">{g.versions[0]!.description}</p>}
              <ul className="version-links">
                {g.versions.map((v) => (
                  <li key={v.version}>
                    <a {...linkTo({ page: 'intel-template', source: g.source, id: g.id, version: v.version })}>
                      v{v.version} · {v.questions.length} questions
                    </a>{' '}
                    <StatusBadge status={v.status} />
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function IntelTemplatePage({ source, id, version }: { source: 'own' | 'official'; id: string; version: number }) {
  const versions = useIntelTemplateVersions();
  const template = versions?.find((t) => versionKey(t.source, t.id, t.version) === versionKey(source, id, version));
  if (versions === undefined) return <p className="muted">Opening the template…</p>;
  if (template === undefined) return <NotOnDevice what="template" back={{ page: 'intel-templates' }} />;
  return <TemplateDetail template={template} />;
}

function TemplateDetail({ template }: { template: IntelTemplate }) {
  return (
    <div className="page">
      <nav className="breadcrumb" aria-label="Breadcrumb">
        <a {...linkTo({ page: 'intel-templates' })}>Intel templates</a> <span aria-hidden="true">›</span> <span>{template.name}</span>
      </nav>
      <header className="page-header">
        <div>
          <h1>
            {template.name} <span className="muted version">v{template.version}</span>
          </h1>
          <div className="badges">
            <StatusBadge status={template.status} />
            <SourceBadge source={template.source} />
          </div>
        </div>
      </header>
      {template.description && <p>{template.description}</p>}
      <ol className="questions">
        {template.questions.map((q, i) => (
          <li key={`${i}-${q.prompt}`} className="question">
            <p className="question-prompt">{q.prompt}</p>
            <p className="muted small">Answer: {q.answerType === undefined ? 'free text' : ANSWER_TYPES[q.answerType]}</p>
            {q.guidance && <p className="question-guidance">{q.guidance}</p>}
          </li>
        ))}
      </ol>
    </div>
  );
}
