// Standalone development entry; the async boundary lets Module Federation settle shared singletons first.
import('./bootstrap');
