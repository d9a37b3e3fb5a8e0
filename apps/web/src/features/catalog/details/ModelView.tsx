import { Alert, Box, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './details.module.css';

type ModelState = 'loading' | 'ready' | 'failed';

/** How long the "click or hold Ctrl to zoom" hint stays after a wheel turn that scrolled the page. */
const HINT_MS = 1800;

/**
 * The 3D display: an interactive <model-viewer> (drag to rotate, pinch or wheel to zoom, turns on
 * its own until touched). The library (with three.js) is a chunk of its own, imported only here,
 * so no other screen downloads it. Shows a loading state, and a message when the library or the
 * model cannot be loaded.
 * The wheel zooms only once the model has been clicked or focused, or with Ctrl held (a
 * trackpad's pinch): otherwise it scrolls the page, which a wheel over the model used to stop
 * (issue 21, item 13). A short hint says how to zoom.
 */
export function ModelView({ src, name, poster }: { src: string; name: string; poster?: string }) {
  const { t } = useTranslation();
  const [libraryReady, setLibraryReady] = useState(false);
  const [state, setState] = useState<ModelState>('loading');
  const viewer = useRef<HTMLElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const [hint, setHint] = useState(false);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let timer = 0;
    // Captured on the way down, so the viewer never sees a wheel it should not take; not
    // cancelled, so the page scrolls.
    const onWheel = (event: WheelEvent) => {
      if (event.ctrlKey || el.contains(document.activeElement)) return;
      event.stopPropagation();
      setHint(true);
      window.clearTimeout(timer);
      timer = window.setTimeout(() => setHint(false), HINT_MS);
    };
    el.addEventListener('wheel', onWheel, { capture: true, passive: true });
    return () => {
      el.removeEventListener('wheel', onWheel, { capture: true });
      window.clearTimeout(timer);
    };
  }, []);

  useEffect(() => {
    let live = true;
    import('@google/model-viewer').then(
      () => live && setLibraryReady(true),
      () => live && setState('failed'),
    );
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    const el = viewer.current;
    if (!libraryReady || !el) return;
    const onLoad = () => setState('ready');
    const onError = () => setState('failed');
    el.addEventListener('load', onLoad);
    el.addEventListener('error', onError);
    return () => {
      el.removeEventListener('load', onLoad);
      el.removeEventListener('error', onError);
    };
  }, [libraryReady, src]);

  const label = t('web.details.modelLabel', { name });
  return (
    <Box ref={box} className={classes.model} data-state={state}>
      {state !== 'failed' && libraryReady && (
        <model-viewer
          ref={viewer}
          className={classes.modelViewer}
          src={src}
          alt={label}
          aria-label={label}
          poster={poster}
          camera-controls
          auto-rotate
          touch-action="pan-y"
          interaction-prompt="auto"
          shadow-intensity="1"
        />
      )}
      {hint && state === 'ready' ? (
        <p className={classes.modelHint} data-testid="model-wheel-hint">
          {t('web.details.modelWheelHint')}
        </p>
      ) : null}
      {state === 'loading' && (
        <Stack className={classes.modelOverlay} align="center" justify="center" gap="xs" role="status">
          <Loader size="sm" />
          <Text size="sm" c="dimmed">
            {t('web.details.modelLoading')}
          </Text>
        </Stack>
      )}
      {state === 'failed' && (
        <Stack className={classes.modelOverlay} align="center" justify="center">
          <Alert color="gray" variant="light" role="alert" maw="24rem">
            {t('web.details.modelFailed')}
          </Alert>
        </Stack>
      )}
    </Box>
  );
}
