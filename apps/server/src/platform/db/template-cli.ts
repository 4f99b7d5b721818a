import { ensurePgliteTemplate, pgliteTemplateDir } from './pglite-template';

// `npm install` (postinstall) and `npm start`: prepares the embedded database's template once.
await ensurePgliteTemplate();
console.log(`組み込みデータベースのひな形: ${pgliteTemplateDir()}`);
