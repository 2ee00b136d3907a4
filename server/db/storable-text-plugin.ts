import {
  OperationNodeTransformer,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type PrimitiveValueListNode,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
  type ValueNode,
} from "kysely";
import { storableText } from "#content/storable-text.ts";

const clean = (value: unknown) => (typeof value === "string" ? storableText(value) : value);

/**
 * Every value a query carries: a bound parameter or a literal (`ValueNode`,
 * also each `${value}` of an sql`` template, inside its RawNode), or a row of
 * them (`PrimitiveValueListNode`: inserted rows, `in` lists). Nodes are
 * frozen and shared, so a node whose strings are already clean is kept as is.
 */
class StorableTextTransformer extends OperationNodeTransformer {
  protected override transformValue(node: ValueNode): ValueNode {
    const value = clean(node.value);
    return value === node.value ? node : Object.freeze({ ...node, value });
  }

  protected override transformPrimitiveValueList(node: PrimitiveValueListNode): PrimitiveValueListNode {
    const values = node.values.map(clean);
    return values.every((value, i) => value === node.values[i]) ? node : Object.freeze({ ...node, values });
  }
}

/**
 * The one boundary for stored text (docs/decisions/008-input-both-databases-store.md):
 * installed on the Kysely of both databases (./sqlite.ts, ./postgres.ts), it
 * runs every string a query sends through `storableText` (NUL dropped, lone
 * surrogates made U+FFFD). So nothing can be stored on SQLite that
 * PostgreSQL refuses, whichever route or store it comes from; and what
 * finds a row (a `where`) is cleaned as what was stored was. Text packed
 * inside another value (a JSON parameter) is the packer's to clean.
 */
export class StorableTextPlugin implements KyselyPlugin {
  readonly #transformer = new StorableTextTransformer();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#transformer.transformNode(args.node, args.queryId);
  }

  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result);
  }
}
