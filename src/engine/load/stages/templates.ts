/** Stage 4: the templates (`_templates/<name>.json`), checked and compiled into what their pages are checked and expanded with. */
import type { Problem } from '../../model/problems';
import { checkDocument } from '../documents/check-document';
import { compileTemplate, type CompiledTemplate } from '../templates/compile-template';
import { templateSchema, TEMPLATES_DIR } from '../templates/template-schema';
import type { DocumentValidators } from './document-validators';
import type { ReadDocuments } from './read-documents';

const templateName = (file: string) => file.slice(TEMPLATES_DIR.length + 1).replace(/\.json$/, '');

export function loadTemplates(read: ReadDocuments, validators: DocumentValidators, problems: Problem[]): Map<string, CompiledTemplate> {
  const { files, sources, sourceOf, display } = read;
  const templates = new Map<string, CompiledTemplate>();
  for (const file of files.filter((f) => f.startsWith(`${TEMPLATES_DIR}/`) && sources.has(f))) {
    const doc = checkDocument(templateSchema, validators.template, sourceOf(file), problems);
    const compiled = doc && compileTemplate(templateName(file), doc, display(file), problems);
    if (compiled) templates.set(compiled.name, compiled);
  }
  return templates;
}
