// Imported first by main.tsx: modules are evaluated in import order, so zod is jitless before any
// other module of the first screen can parse with it (a parse at a module's top level used to
// run zod's `new Function` probe, a CSP violation, before main.tsx's own body ran).
import { makeZodJitless } from './zod-jitless';

makeZodJitless();
