// GET /config/: settings of the customer app that the server's configuration decides.
import { z } from 'zod';

export const appConfigSchema = z.object({
  /** Map tile template with {z}, {x}, {y} (optionally {s}): MAP_TILE_URL. */
  map_tile_url: z.string(),
  map_attribution: z.string(),
  /**
   * The market's customer survey (SURVEY_URLS), offered after leaving the queue in Finnish (spec:
   * only for Finnish); null where the operator has none.
   */
  survey_url: z.string().nullable(),
});
export type AppConfig = z.infer<typeof appConfigSchema>;
