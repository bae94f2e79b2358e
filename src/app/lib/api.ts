// The app's single API client, wired to localStorage tokens and the refresh coordinator.
import { createApiClient, createRefreshRequest } from './api-client';
import { createRefreshCoordinator } from './refresh-coordinator';
import { notifySessionExpired } from './session-events';
import { createTokenStore } from './token-store';

export const tokenStore = createTokenStore();

export const refreshCoordinator = createRefreshCoordinator({
  tokens: tokenStore,
  requestRefresh: createRefreshRequest(),
  onRefreshFailed: notifySessionExpired,
});

export const api = createApiClient({ tokens: tokenStore, refresher: refreshCoordinator });
