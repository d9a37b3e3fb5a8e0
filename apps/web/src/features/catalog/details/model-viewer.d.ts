import type { DetailedHTMLProps, HTMLAttributes } from 'react';

/**
 * JSX typing of <model-viewer> (@google/model-viewer), the 3D display of the product page. The
 * element is defined when ModelView imports the library; these are the attributes it uses.
 */
interface ModelViewerAttributes extends HTMLAttributes<HTMLElement> {
  src?: string;
  alt?: string;
  poster?: string;
  loading?: 'auto' | 'lazy' | 'eager';
  reveal?: 'auto' | 'manual';
  'camera-controls'?: boolean;
  'auto-rotate'?: boolean;
  'auto-rotate-delay'?: number | string;
  'rotation-per-second'?: string;
  'interaction-prompt'?: 'auto' | 'none';
  'touch-action'?: 'pan-y' | 'pan-x' | 'none';
  'disable-zoom'?: boolean;
  'shadow-intensity'?: number | string;
  'camera-orbit'?: string;
  'min-camera-orbit'?: string;
  'max-camera-orbit'?: string;
  exposure?: number | string;
}

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'model-viewer': DetailedHTMLProps<ModelViewerAttributes, HTMLElement>;
    }
  }
}
