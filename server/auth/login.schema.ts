// POST /api/login body: the domain login schema (email, password, optional company subdomain).
export { loginSchema as loginRequestSchema, type LoginInput as LoginRequest } from '../../domain/schemas/auth';
