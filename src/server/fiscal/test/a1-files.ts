// The throwaway A1 files live with the shared A1 reader's fixtures, so that the till's tests
// (which may not import the server) make them the same way.
export * from '../../../shared/fiscal/test/a1-files';
