// The running sync engine (null while no one is signed in, or before the offline runtime
// has loaded). Its own module: the provider in the first chunk sets it without Dexie.
import { createContext } from 'react';
import type { SyncEngine } from './sync-engine';

export const SyncEngineContext = createContext<SyncEngine | null>(null);
