export { apiDocsRoutes } from './routes.js';
export { buildOpenApiDocument, openApiPath, type OpenApiDocument } from './openapi.js';
