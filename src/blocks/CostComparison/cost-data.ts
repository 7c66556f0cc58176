/**
 * The figures of a cost comparison, computed when the page is built: each cost as read ("$200+/month"), the totals
 * (the sum of a side's costs) and the saving (the difference of the totals), so no figure derived from others is
 * typed by hand and a price changed in the plans collection changes every figure that depends on it.
 */
import type { BlockProblem, CheckContext } from '../define-block';
import type { Collections } from '../../engine/model/collections';
import { formatMoney, type Money } from '../../engine/model/money';
import type { JsonPath } from '../../engine/model/problems';
import type { RenderContext } from '../../engine/model/render-context';
import type { CostComparisonBlock, CostFigures, CostLine } from './schema';

type Side = CostComparisonBlock['alternative'];
type SideName = 'alternative' | 'product';
const SIDES: SideName[] = ['alternative', 'product'];

interface Figure extends Money {
  orMore: boolean;
  from: boolean;
}

/** A line's cost as money, or why it has none (as a problem at its path). */
function figureOf(line: CostLine, block: CostComparisonBlock, collections: Collections, path: JsonPath): Figure | BlockProblem | undefined {
  const { cost } = line;
  if (!cost) return undefined;
  const qualifiers = { orMore: cost.orMore ?? false, from: cost.from ?? false };
  if (cost.plan !== undefined) {
    const plan = collections.plans.find((candidate) => candidate.id === cost.plan);
    const ids = collections.plans.map((candidate) => candidate.id).join(', ');
    if (!plan)
      return {
        path: [...path, 'cost', 'plan'],
        message: `no plan "${cost.plan}"`,
        hint: `the plans are ${ids} (pages-json/_collections/plans.json)`,
      };
    if (typeof plan.price === 'string')
      return {
        path: [...path, 'cost', 'plan'],
        message: `the ${plan.name} plan's price is "${plan.price}", not a figure`,
        hint: `choose a plan with a price: ${ids}`,
      };
    return { ...plan.price, ...qualifiers };
  }
  if (cost.value === undefined)
    return { path: [...path, 'cost'], message: 'a cost needs "value" or "plan"', hint: 'write { "value": 89.95 } or { "plan": "growth" }' };
  if (!block.currency)
    return { path: ['currency'], message: 'costs given as values need the block\'s "currency"', hint: 'add "currency": "USD"' };
  return { amount: cost.value, currency: block.currency, ...qualifiers };
}

const isProblem = (value: Figure | BlockProblem | undefined): value is BlockProblem => value !== undefined && 'message' in value;

/** Every line's figure by side, and what is wrong with the block's figures. */
function analyse(block: CostComparisonBlock, collections: Collections) {
  const problems: BlockProblem[] = [];
  const figures = {} as Record<SideName, (Figure | undefined)[]>;
  for (const name of SIDES) {
    figures[name] = block[name].lines.map((line, index) => {
      const path = [name, 'lines', index];
      if ((line.cost === undefined) === (line.amount === undefined))
        problems.push({
          path,
          message: 'a line states either "cost" or "amount"',
          hint: 'a cost is added up: { "value": 200 }; an amount is shown as written: "6-12 months"',
        });
      const figure = figureOf(line, block, collections, path);
      if (isProblem(figure)) problems.push(figure);
      else if (figure && (figure.orMore || figure.from) && !block.labels)
        problems.push({
          path: [...path, 'cost'],
          message: 'a minimum or a starting price needs the block\'s "labels"',
          hint: 'add "labels": { "orMore": "{figure}+", "from": "From {figure}" }',
        });
      return isProblem(figure) ? undefined : figure;
    });
  }
  const all = SIDES.flatMap((name) => figures[name]).filter((figure): figure is Figure => figure !== undefined);
  if (new Set(all.map((figure) => figure.currency)).size > 1)
    problems.push({
      path: [],
      message: 'the costs are in different currencies',
      hint: 'state every cost, and the plans they name, in one currency',
    });
  const totalled = (name: SideName) => block[name].total !== undefined || (block.saving !== undefined && name === 'product');
  for (const name of SIDES) {
    // A line with a cost that could not be worked out is reported above; here, the lines stating no cost at all.
    const missing = block[name].lines.findIndex((line) => line.cost === undefined);
    if ((totalled(name) || block.saving) && missing !== -1)
      problems.push({
        path: [name, 'lines', missing],
        message: `this line has no cost, so the ${block.saving ? 'saving' : 'total'} cannot be computed`,
        hint: 'give every line of both sides a cost, or remove "total" and "saving"',
      });
  }
  return { figures, problems };
}

export function costProblems(block: CostComparisonBlock, { collections }: CheckContext): BlockProblem[] {
  return analyse(block, collections).problems;
}

function sum(figures: (Figure | undefined)[]): Figure | undefined {
  if (!figures.length || figures.some((figure) => figure === undefined)) return undefined;
  const known = figures as Figure[];
  return {
    amount: known.reduce((total, figure) => total + figure.amount, 0),
    currency: known[0].currency,
    orMore: known.some((f) => f.orMore),
    from: false,
  };
}

export function costFigures(block: CostComparisonBlock, { collections, site }: RenderContext): { figures: CostFigures } {
  const locale = site.locale.tag;
  const { figures } = analyse(block, collections);
  const show = (figure: Figure, side: Side, whole = false) => {
    let text = formatMoney(figure, { whole, locale });
    if (figure.orMore && block.labels) text = block.labels.orMore.replace('{figure}', text);
    if (figure.from && block.labels) text = block.labels.from.replace('{figure}', text);
    return `${text}${side.per ?? ''}`;
  };
  const sideFigures = (name: SideName) => {
    const side = block[name];
    const total = side.total ? sum(figures[name]) : undefined;
    return {
      lines: side.lines.map((line, index) => {
        const figure = figures[name][index];
        return figure ? show(figure, side) : (line.amount ?? '');
      }),
      ...(total ? { total: show(total, side, true) } : {}),
    };
  };
  const alternative = sum(figures.alternative);
  const product = sum(figures.product);
  const saving =
    block.saving && alternative && product
      ? formatMoney({ amount: alternative.amount - product.amount, currency: product.currency }, { whole: true, locale })
      : undefined;
  return { figures: { alternative: sideFigures('alternative'), product: sideFigures('product'), ...(saving ? { saving } : {}) } };
}
