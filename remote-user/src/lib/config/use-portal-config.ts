import { useEffect, useState } from 'react';
import { currentPortalConfig, getPortalConfig } from 'common/portal-config';
import type { PortalConfig } from 'common/portal-config';

/**
 * GET /api/config for a screen: what is known at once (the defaults of common/portal-config
 * before the answer), then the server's answer. A failed fetch keeps the defaults.
 */
export function usePortalConfig(): PortalConfig {
  const [config, setConfig] = useState(currentPortalConfig);
  useEffect(() => {
    let current = true;
    getPortalConfig().then(
      (answer) => {
        if (current) setConfig(answer);
      },
      // Without the configuration the defaults stand; the server checks every request anyway.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  return config;
}
