// What a feature folder hands the screen list (src/admin/screens.ts): a react-admin resource or a page of its own,
// its menu icon and label, and who may open it.
import type { ComponentType } from 'react'
import type { ResourceProps } from 'react-admin'
import type { SvgIconComponent } from '@mui/icons-material'
import type { MessageKey } from './translate'
import type { Permission } from '../../contract/roles'

/** who sees a screen: those signed out, everyone signed in, or those who hold a permission (in some warehouse) */
export type Audience = 'signed-out' | 'signed-in' | Permission

interface ScreenBase {
  icon: SvgIconComponent
  /** the menu entry's text */
  label: MessageKey
  audience: Audience
}

/** Records at /{resource}: react-admin's list, edit and further routes */
export interface ResourceScreen extends ScreenBase, Omit<ResourceProps, 'name' | 'icon'> {
  resource: string
}

/** A page at `path`, with pages below it keyed by their sub-path ('' is the page itself) */
export interface PageScreen extends ScreenBase {
  path: string
  pages: Record<string, ComponentType>
}

export type Screen = ResourceScreen | PageScreen

export const isResourceScreen = (screen: Screen): screen is ResourceScreen => 'resource' in screen

/** What <Resource> is given: the screen without its menu entry */
export function resourceProps(screen: ResourceScreen): Omit<ResourceProps, 'name'> {
  const { resource, label, audience, ...props } = screen
  return props
}

/** Where the menu takes you */
export const screenPath = (screen: Screen) => (isResourceScreen(screen) ? `/${screen.resource}` : screen.path)
