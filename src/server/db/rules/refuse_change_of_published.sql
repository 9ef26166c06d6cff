-- docs/RULES.md rule 23 (docs/decisions/0028): what was published is never deleted or rewritten,
-- whatever code runs. Fired before a delete of a prize draw and before an update or delete of a
-- stored results version, its file's chunks or a correction (drizzle/0014_published_results.sql).
CREATE OR REPLACE FUNCTION public.refuse_change_of_published()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  RAISE EXCEPTION '% of % refused: published records are final (docs/RULES.md rule 23)', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'restrict_violation';
END
$function$
