// How a page starts its app (issue 21): the built index.html, and every page made from it, names
// its entry script and the modules it preloads on this inline loader's attributes instead of in the
// head, so nothing of the app's JavaScript is fetched before the page's HTML has painted. No zod:
// the build and the server's CSP read it.
import { LANGUAGE_PENDING_ATTRIBUTE } from './locales.ts'

/** The loader's attributes: the entry module's URL, and the modules it imports at once (space-separated). */
export const APP_ENTRY_ATTRIBUTE = 'data-entry'
export const APP_PRELOAD_ATTRIBUTE = 'data-preload'

/**
 * The #root property where the loader keeps the last tap on the server's HTML before the app takes
 * the page over (`on` until then): a button tapped meanwhile has no handler yet, and React replays
 * only events that come after hydration has begun. web/shared/typed-before-hydration.ts stops it
 * and gives the tap back once React holds that button.
 */
export const EARLY_TAPS_PROPERTY = 'vfEarlyTaps'
export type EarlyTaps = { last: EventTarget | null; on: boolean }

/** Starts the app anyway when no first paint is reported by then (a tab opened in the background paints nothing). */
export const APP_LOADER_MAX_WAIT_MS = 3_000

/**
 * At the end of the body. With server HTML in #root it waits for the first contentful paint (the
 * browser's own `paint` entry, else the next frame), then adds the modulepreload links and the
 * entry module, as Vite would have written them in the head. A page with nothing to paint yet (the
 * shell's empty #root), or hidden for another language (the language gate), starts at once. Why
 * later: a slow phone (and Lighthouse) would fetch ~150 KB of high-priority script before the
 * first paint; the HTML needs none of it to be read. Meanwhile it keeps the last tap in #root
 * (EARLY_TAPS_PROPERTY). The server's CSP allows exactly this script by
 * its hash (api/app.ts).
 */
export const APP_LOADER_SCRIPT = `(function(){var d=document,s=d.currentScript,r=d.getElementById('root'),done=0;function go(){if(done)return;done=1;var p=(s.getAttribute(${JSON.stringify(APP_PRELOAD_ATTRIBUTE)})||'').split(' ');for(var i=0;i<p.length;i++)if(p[i]){var l=d.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=p[i];d.head.appendChild(l)}var e=d.createElement('script');e.type='module';e.crossOrigin='';e.src=s.getAttribute(${JSON.stringify(APP_ENTRY_ATTRIBUTE)});d.head.appendChild(e)}if(!r||!r.firstElementChild||d.documentElement.hasAttribute(${JSON.stringify(LANGUAGE_PENDING_ATTRIBUTE)}))return go();var t=r[${JSON.stringify(EARLY_TAPS_PROPERTY)}]={last:null,on:true};r.addEventListener('click',function(e){if(t.on&&e.isTrusted)t.last=e.target},true);setTimeout(go,${APP_LOADER_MAX_WAIT_MS});try{if(PerformanceObserver.supportedEntryTypes.indexOf('paint')<0)throw 0;new PerformanceObserver(function(list,o){var e=list.getEntries();for(var i=0;i<e.length;i++)if(e[i].name==='first-contentful-paint'){o.disconnect();setTimeout(go,0)}}).observe({type:'paint',buffered:true})}catch(x){requestAnimationFrame(function(){setTimeout(go,0)})}})()`
