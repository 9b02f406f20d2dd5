import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import { useShortcut } from '../shortcuts';
import { EmptyChat } from './EmptyChat';
import { useSidebarState } from './sidebar-state';
import { Sidebar } from './Sidebar';
import { SidebarToggle } from './SidebarToggle';
import { TopBar } from './TopBar';

export type AppShellProps = {
  /** Top-bar slot for the model picker. */
  modelPicker: ReactNode;
  /** Sidebar slot for the chat list; default: the empty state. */
  chatList?: ReactNode;
  /** Sidebar slot under New chat for links to other screens (AI agents). */
  sidebarLinks?: ReactNode;
  /** Main-area content; default: the "start a conversation" state. */
  children?: ReactNode;
  /** Sidebar slot under the chat list (the prompt library entry, the profile switcher). */
  sidebarFooter?: ReactNode;
  /** Top-bar slot beside Settings for status icons (cloud sync). */
  status?: ReactNode;
  onNewChat: () => void;
  onOpenSettings: () => void;
  /**
   * Calls the listener whenever another chat opens (from the list, search or a shortcut), so a
   * sidebar covering the chat on a phone gets out of the way. Returns the unsubscribe.
   */
  subscribeToNavigation?: (listener: () => void) => () => void;
};

const SIDEBAR_ID = 'app-sidebar';

/** The frame every screen lives in: sidebar (nav), top bar (header), chat area (main). */
export function AppShell({
  modelPicker,
  chatList,
  sidebarLinks,
  children,
  status,
  sidebarFooter,
  onNewChat,
  onOpenSettings,
  subscribeToNavigation,
}: AppShellProps) {
  const { collapsed, overlay, toggle: toggleSidebar, closeOverlay } = useSidebarState();
  const newChatRef = useRef<HTMLButtonElement>(null);
  const collapseRef = useRef<HTMLButtonElement>(null);
  const expandRef = useRef<HTMLButtonElement>(null);
  const sidebarRef = useRef<HTMLElement>(null);

  // The toggle that was clicked disappears with the sidebar: hand focus to the one that replaced it,
  // and never leave focus inside a hidden sidebar.
  const isFirstRender = useRef(true);
  useEffect(() => {
    if (isFirstRender.current) {
      isFirstRender.current = false;
      return;
    }
    const active = document.activeElement;
    const focusLost = !active || active === document.body || !!sidebarRef.current?.contains(active);
    if (focusLost) (collapsed ? expandRef : collapseRef).current?.focus();
  }, [collapsed]);

  useEffect(() => subscribeToNavigation?.(closeOverlay), [subscribeToNavigation, closeOverlay]);
  // Over the chat the sidebar acts as a dialog: Escape closes it (unless a menu inside took it).
  useEffect(() => {
    if (!overlay) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) closeOverlay();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [overlay, closeOverlay]);

  useShortcut('toggleSidebar', toggleSidebar);
  useShortcut(
    'newChat',
    useCallback(() => {
      newChatRef.current?.focus();
      onNewChat();
    }, [onNewChat]),
  );
  const startNewChat = useCallback(() => {
    closeOverlay();
    onNewChat();
  }, [closeOverlay, onNewChat]);

  return (
    <div className="relative flex h-full overflow-hidden bg-app text-fg">
      <Sidebar
        id={SIDEBAR_ID}
        ref={sidebarRef}
        collapsed={collapsed}
        onNewChat={startNewChat}
        newChatRef={newChatRef}
        chatList={chatList}
        footer={sidebarFooter}
        links={sidebarLinks}
        toggle={
          <SidebarToggle
            ref={collapseRef}
            sidebarId={SIDEBAR_ID}
            collapsed={false}
            onToggle={toggleSidebar}
          />
        }
      />
      {overlay && (
        // On narrow screens the sidebar overlays the chat; tapping beside it closes it.
        <div aria-hidden="true" className="absolute inset-0 z-20 bg-overlay" onClick={closeOverlay} />
      )}
      {/* Covered by the sidebar on a phone, the chat is out of reach for Tab and screen readers.
          A canvas open beside the chat (a panel marked data-canvas-beside, loaded later) takes
          its width from the chat's column instead of covering it. */}
      <div
        className="flex min-w-0 flex-1 flex-col sm:[body:has([data-canvas-beside])_&]:pr-[min(48vw,760px)]"
        inert={overlay || undefined}
      >
        <TopBar
          sidebarToggle={
            collapsed && (
              <SidebarToggle ref={expandRef} sidebarId={SIDEBAR_ID} collapsed onToggle={toggleSidebar} />
            )
          }
          modelPicker={modelPicker}
          status={status}
          onOpenSettings={onOpenSettings}
        />
        <main className="min-h-0 flex-1 overflow-y-auto">{children ?? <EmptyChat />}</main>
      </div>
    </div>
  );
}
