import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../../../platform/services';

/** Routes of this admin area (scaffold: the area's owner fills it). */
export function registerUsersRoutes(_app: FastifyInstance, _services: AppServices) {}
