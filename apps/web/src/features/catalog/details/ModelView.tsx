import { Alert, Box, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './details.module.css';

type ModelState = 'loading' | 'ready' | 'failed';

/**
 * The 3D display: an interactive <model-viewer> (drag to rotate, pinch or wheel to zoom, turns on
 * its own until touched). The library (with three.js) is a chunk of its own, imported only here,
 * so no other screen downloads it. Shows a loading state, and a message when the library or the
 * model cannot be loaded.
 */
export function ModelView({ src, name, poster }: { src: string; name: string; poster?: string }) {
  const { t } = useTranslation();
  const [libraryReady, setLibraryReady] = useState(false);
  const [state, setState] = useState<ModelState>('loading');
  const viewer = useRef<HTMLElement>(null);

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
    <Box className={classes.model} data-state={state}>
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
