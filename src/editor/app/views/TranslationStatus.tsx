/**
 * A translator's view of the documents (issue 50 item 7): for each of their languages (every language for a
 * translator given none), how many documents are translated, have texts to translate, or texts to update, and per
 * document its state in each, a link to its translation. Read from validation's translation state
 * (DocumentSummary.untranslated), as `npm run i18n:status` reads it.
 */
import { Anchor, List, Table, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { DocumentSummary } from '../../protocol';
import { languageSummaryWords, translatorWords, untranslatedWords } from '../translator-words';

export interface Language {
  code: string;
  name: string;
}

const NOTHING = { missing: 0, outdated: 0 };

/** "Español: 40 documents translated, 2 with texts to translate, 1 with texts to update", one line per language. */
export function LanguageSummary({ documents, languages }: { documents: DocumentSummary[]; languages: Language[] }) {
  return (
    <section aria-labelledby="your-languages">
      <Title order={2} size="h4" id="your-languages" mb="xs">
        {translatorWords.listHeading}
      </Title>
      <List size="sm">
        {languages.map(({ code, name }) => {
          const states = documents.map((document) => document.untranslated[code] ?? NOTHING);
          const counts = {
            translated: states.filter((state) => !state.missing && !state.outdated).length,
            pending: states.filter((state) => state.missing).length,
            outdated: states.filter((state) => !state.missing && state.outdated).length,
          };
          return (
            <List.Item key={code} data-language-summary={code}>
              {languageSummaryWords(name, counts)}
            </List.Item>
          );
        })}
      </List>
    </section>
  );
}

export function LanguageHeaders({ languages }: { languages: Language[] }) {
  return languages.map((language) => (
    <Table.Th scope="col" key={language.code}>
      {translatorWords.languageColumn(language.name)}
    </Table.Th>
  ));
}

/** The document's state in each language, each a link to its translation there. */
export function LanguageCells({ document, languages }: { document: DocumentSummary; languages: Language[] }) {
  return languages.map(({ code, name }) => {
    const state = untranslatedWords(document.untranslated[code] ?? NOTHING);
    return (
      <Table.Td key={code} data-language={code}>
        <Anchor
          component={Link}
          to={`/translate/${code}/${document.file}`}
          aria-label={translatorWords.cellLabel(document.title, name, state)}
        >
          {state}
        </Anchor>
      </Table.Td>
    );
  });
}
