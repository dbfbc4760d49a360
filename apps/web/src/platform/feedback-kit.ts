/**
 * The pop-ups of antd-mobile the whole app uses (toast and dialog). They pull in an animation
 * library, so they arrive in their own chunk after the first screen (see `feedback.ts`).
 */
export { Dialog, Toast } from 'antd-mobile';
