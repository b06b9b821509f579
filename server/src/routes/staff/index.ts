// The staff API under /api/{market}/staff/: daily queue work for every staff member, and the
// manager-only catalogue, accounts, messages and reports. Staff act only on their own shop.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import queueRoutes from './queue';
import manageRoutes from './manage';
import reportRoutes from './reports';
import noticeRoutes from './notices';
import alertDefaultRoutes from './alert-default';
import barberRoutes from './barbers';

const routes: FastifyPluginAsyncZod = async (app) => {
  await app.register(queueRoutes);
  await app.register(manageRoutes);
  await app.register(reportRoutes);
  await app.register(noticeRoutes);
  await app.register(alertDefaultRoutes);
  await app.register(barberRoutes);
};

export default routes;
