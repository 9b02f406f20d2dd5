/** The native wrappers' side of the app: the macOS wrapper bridge (decision 0124). */
export {
  CLEAR_ALL_DATA_MESSAGE,
  isInMacWrapper,
  MACOS_MESSAGE_HANDLER,
  sendToMacWrapper,
  type MacWrapperMessage,
} from './macos-bridge';
