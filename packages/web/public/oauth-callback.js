/* global history, location, document, sessionStorage, BroadcastChannel, window, URLSearchParams */
// The OAuth callback page's script (see oauth-callback.html). The state starts with how the
// authorization page was opened: "popup." (the Parley tab is listening) or "page." (this tab left
// Parley for it, so the code waits in this tab's session storage and the tab goes back to Parley).
(function () {
  'use strict';
  var query = new URLSearchParams(location.search);
  var state = query.get('state') || '';
  var message = {
    type: 'parley-mcp-oauth',
    state: state,
    code: query.get('code') || undefined,
    error: query.get('error') || undefined,
    errorDescription: query.get('error_description') || undefined,
  };
  // The code leaves the address bar and history at once.
  history.replaceState(null, '', location.pathname);
  var status = document.getElementById('status');
  if (state.indexOf('page.') === 0) {
    sessionStorage.setItem('parley-mcp-oauth-result', JSON.stringify(message));
    location.replace('/');
    return;
  }
  if (typeof BroadcastChannel === 'function') {
    var channel = new BroadcastChannel('parley-mcp-oauth');
    channel.postMessage(message);
    channel.close();
  }
  status.textContent = 'Signed in: you can close this window.';
  window.close();
})();
