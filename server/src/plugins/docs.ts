// OpenAPI description generated from the routes' zod schemas, served at /api/docs.
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export default fp(async (app) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Jono API',
        version: '1.0.0',
        description:
          'Walk-in queue API. Every market (fi, ee, no, dk, se) is a separate backend at /api/{market}/ with its own data. ' +
          'Trailing slashes are optional. Errors are `{error, message, fields?}`. Customer routes need `Authorization: Bearer <access token>`; ' +
          'a customer may only touch their own /customers/{id}/ resources (403 otherwise). ' +
          'Operator routes (/operator/) take only an operator token (POST /staff/login/ as operator-{market} or the chain operator) covering the market of the path.',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
});
