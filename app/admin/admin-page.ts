import type { MetaFunction } from "@remix-run/cloudflare";
import { BRAND_NAME } from "~/components/brand";

/** The admin pages' <title>: their loaders translate it (`adminPageAccess`). */
export const adminMeta: MetaFunction = ({ data }) => [
  { title: (data as { title?: string } | undefined)?.title ?? BRAND_NAME },
];
