// The console's Members screen (issue 15, docs/support.md "Members"): search by the start of an email
// or nickname, a results table (keyset paged), and the chosen member's profile beside it (below it on
// a phone). The search and the chosen member live in the URL (?q=, ?member=), so a link opens them.
import type { TConsoleMemberRow } from '@velvet/contracts/admin/members';
import type { TConsoleRole } from '@velvet/contracts/admin/roles';
import { tierName } from '@velvet/contracts/options';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ConsoleTable, type ConsoleColumn } from '../../../components/console/console-table.tsx';
import { FilterBar, FilterField } from '../../../components/console/filter-bar.tsx';
import { MemberStateBadges } from '../../../components/console/member-context-card.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useSearchMembersInfiniteQuery } from '../api.ts';
import { MemberProfile } from './member-profile.tsx';
import styles from './members.module.css';

/** The table's columns; the nickname is a button, so the keyboard opens a profile too. */
const columns = (open: (row: TConsoleMemberRow) => void): readonly ConsoleColumn<TConsoleMemberRow>[] => [
  {
    key: 'nickname',
    header: 'Nickname',
    cell: (row) => (
      <button
        type="button"
        className={styles.linkButton}
        onClick={(event) => {
          event.stopPropagation();
          open(row);
        }}
      >
        {row.nicname || '(no nickname)'}
      </button>
    ),
  },
  { key: 'email', header: 'Email', cell: (row) => row.email },
  { key: 'balance', header: 'Balance', cell: (row) => row.cur_tokens, nowrap: true },
  { key: 'tier', header: 'Tier', cell: (row) => tierName(row.member_kind), nowrap: true },
  { key: 'role', header: 'Role', cell: (row) => row.role, nowrap: true },
  { key: 'state', header: 'State', cell: (row) => <MemberStateBadges member={row} />, nowrap: true },
];

export function MembersScreen({ viewerRole, notify }: { viewerRole: TConsoleRole; notify: (message: string) => void }) {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const selected = params.get('member');
  const [draft, setDraft] = useState(q);
  const results = useSearchMembersInfiniteQuery({ q });
  const rows = results.data?.pages.flatMap((page) => page.items) ?? [];

  const update = (next: Record<string, string | null>) => {
    const merged = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value) merged.set(key, value);
      else merged.delete(key);
    }
    setParams(merged);
  };

  return (
    <div className={styles.screen}>
      <h2 className={styles.title}>Members</h2>
      <div className={styles.layout}>
        <section className={styles.results} aria-label="Member search">
          <FilterBar label="Member search" onSubmit={() => update({ q: draft.trim() || null, member: null })}>
            <FilterField label="Email or nickname starts with">
              <input
                type="search"
                value={draft}
                onChange={(event) => setDraft(event.target.value)}
                placeholder="e.g. ann or ann@"
                maxLength={100}
              />
            </FilterField>
            <Button type="submit" size="sm">
              Search
            </Button>
          </FilterBar>
          <ConsoleTable
            caption="Members"
            columns={columns((row) => update({ member: row.member_id }))}
            rows={rows}
            rowKey={(row) => row.member_id}
            loading={results.isLoading}
            empty={q ? `No member's email or nickname starts with “${q}”.` : 'No members yet.'}
            onLoadMore={results.hasNextPage ? () => void results.fetchNextPage() : undefined}
            loadingMore={results.isFetchingNextPage}
            onRowClick={(row) => update({ member: row.member_id })}
            selectedKey={selected}
            testId="members-table"
          />
        </section>
        {selected ? (
          <section className={styles.detail} aria-label="Member profile">
            <MemberProfile key={selected} memberId={selected} viewerRole={viewerRole} notify={notify} />
          </section>
        ) : null}
      </div>
    </div>
  );
}
