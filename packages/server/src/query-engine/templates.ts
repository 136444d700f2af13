/**
 * Templates for the compiler: the platform's single guarded renderer (platform/templates).
 * Kept as this module so the compiler's imports stay within query-engine.
 */
export { createRenderer, type TemplateRenderer } from '../platform/templates/render.ts';
