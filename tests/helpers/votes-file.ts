/**
 * votes.csv's columns, as anyone recounting a battle reads them (docs/decisions/0022, 0028,
 * 0044): written out here, not imported from the writer, so a change to the file's shape fails
 * the tests that read it.
 */
export const VOTES_CSV_COLUMNS = ['vote_id', 'shop_id', 'shop', 'pass', 'voted_at', 'pass_kind'];
