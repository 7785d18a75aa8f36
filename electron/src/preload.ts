import { contextBridge, ipcRenderer } from 'electron';
import { createDesktopBridge } from './preload-bridge.js';

contextBridge.exposeInMainWorld('desktop', createDesktopBridge(ipcRenderer));
