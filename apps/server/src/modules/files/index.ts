import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../../platform/services';
import { registerFileRoutes } from './files.routes';

/** The files module (service prefix arxive, catalogue 7.4). */
export function registerFiles(app: FastifyInstance, services: AppServices) {
  registerFileRoutes(app, services);
}

export { filesJobs, scheduleFilesMaintenance } from './files.jobs';
export { shutdownOcr } from './documents';
